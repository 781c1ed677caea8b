import { defineConfig, type Plugin } from 'vite';
import { getRequestListener } from '@hono/node-server';
import { createDemoServer } from './server/demo-server.ts';

/**
 * `npm start`: the demo page with the emulator and the partner back end mounted in the dev server,
 * so the page and "the services" share one origin (http://127.0.0.1:4010).
 */
function emulator(): Plugin {
  const SERVICE_PATHS = /^\/(room-styling|planning|partner|emulator)(\/|\?|$)/;
  return {
    name: 'room-elements-emulator',
    configureServer(server) {
      const listener = getRequestListener(createDemoServer().app.fetch);
      server.middlewares.use((req, res, next) => {
        if (req.url && SERVICE_PATHS.test(req.url)) void listener(req, res);
        else if (req.url === '/' || req.url === '/demo') {
          res.writeHead(302, { Location: '/demo/' }).end();
        } else next();
      });
    },
  };
}

export default defineConfig({
  plugins: [emulator()],
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    port: Number(process.env.PORT) || 4010,
    strictPort: true,
    // a browser only where one can be shown: not on CI, not over SSH or in a container without a display
    open: canOpenBrowser() ? '/demo/' : false,
  },
});

/** Whether `npm start` should open a browser: a desktop session (a display on Linux), and not CI. */
function canOpenBrowser(): boolean {
  if (process.env.CI || process.env.NO_OPEN) return false;
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return !!(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

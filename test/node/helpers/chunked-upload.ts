/**
 * Chunked request bodies (Transfer-Encoding: chunked, no Content-Length) for the partner's body
 * bounds: the tests check how they are refused, the load bench throws them at running instances.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';

/** Opens a chunked JSON POST to `path` on `url`'s host; the caller writes the body. */
export function chunkedPost(
  url: string,
  path: string,
  onResponse: (res: IncomingMessage) => void,
  headers: Record<string, string> = {},
): ClientRequest {
  const { hostname, port } = new URL(url);
  return httpRequest(
    {
      host: hostname,
      port,
      path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers },
    },
    onResponse,
  );
}

export interface UploadOptions {
  headers?: Record<string, string>;
  /** Wait for the answer's body (default); otherwise settle at its status and leave `body` empty. */
  readBody?: boolean;
  /**
   * Settle with status 0 on a connection error before the answer instead of rejecting: under load the
   * server may close the connection after answering, before this client (still sending) read the
   * answer, and the body was refused all the same.
   */
  errorIsRefusal?: boolean;
}

/**
 * Streams `total` bytes to `path` as a chunked body, stopping as soon as an answer arrives; the
 * status and how many bytes went out before it.
 */
export function chunkedUpload(
  url: string,
  path: string,
  total: number,
  { headers = {}, readBody = true, errorIsRefusal = false }: UploadOptions = {},
): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    const finish = (status: number, body = '') => {
      resolve({ status, sent, body });
      req.destroy();
    };
    const req = chunkedPost(
      url,
      path,
      (res) => {
        answered = true;
        if (!readBody) {
          res.resume();
          return finish(res.statusCode ?? 0);
        }
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => finish(res.statusCode!, body));
      },
      headers,
    );
    // the server may close the connection once it has answered: not an error here
    req.on('error', (error) => {
      if (answered) return;
      if (!errorIsRefusal) return reject(error);
      answered = true;
      finish(0);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

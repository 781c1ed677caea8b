/**
 * `<room-viewer>` poster first (issue 20): its poster (the room's own render by default), `reveal`,
 * `dismissPoster()`, the `progress` event and bar, and `render-scale`.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { ProgressDetail } from '../../src/events/progress.ts';
import type { RenderScaleDetail } from '../../src/events/render-scale.ts';
import { pixelRatioPolicy, RenderScale } from '../../src/three/render-scale.ts';
import { armFault, receivedRequests, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, modelLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { drawingOn } from './helpers/drawn-on.ts';
import { makeViewer, publicRoomId } from './room-viewer-fixtures.ts';
import { fetchedResources } from './helpers/resources.ts';
import { paintedOf, THREADS } from './helpers/threads.ts';

// on both threads: the render worker (the default) and the page's (renderer="main")

const posterOf = (el: Element) => el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]');

for (const drawnOn of THREADS)
  describe(`<room-viewer> poster, reveal, progress, render-scale (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    beforeEach(resetEmulator);
    afterEach(cleanup);

    it("shows the room's own render as poster, asked at high priority, and cross-fades it into the first frame without the box changing", async () => {
      const id = await publicRoomId();
      // the poster's record and the room's document both held back: the room is still loading when it shows
      await armFault({ match: `/room-styling/rooms/${id}`, delay: 600, times: 2 });
      const viewer = makeViewer({ 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager' }, [320, 200]);
      const loaded = modelLoaded(viewer, 30000);
      fixtureContainer().append(viewer);
      const before = viewer.getBoundingClientRect();
      const poster = (await until(() => posterOf(viewer), 10000, 'the poster'))!;
      expect(poster.src).to.match(new RegExp(`/images/rooms/${id}/(hq|thumbnail)\\.png$`));
      expect(poster.fetchPriority).to.equal('high');
      const record = await (await fetch(`${ROOM_STYLING}/rooms/${id}?skip_model=true`)).json();
      expect(poster.srcset).to.include(`${record.image_url} 480w`);
      expect(viewer.getAttribute('state')).to.not.equal('loaded');
      await loaded;
      const layer = viewer.shadowRoot!.querySelector('.poster-layer')!;
      expect(layer.classList.contains('gone')).to.equal(true);
      await until(() => getComputedStyle(layer).opacity === '0', 5000, 'the poster faded');
      expect(viewer.renderThread).to.equal(drawnOn);
      expect(await paintedOf(viewer)).to.be.greaterThan(0);
      const after = viewer.getBoundingClientRect();
      expect([after.width, after.height]).to.deep.equal([before.width, before.height]);
    });

    it('reveal="auto": the poster comes from the record without the model, not after the room\'s document with it', async () => {
      const id = await publicRoomId();
      // the room's document (with its model) held back in the page: the poster must not wait for it
      const original = window.fetch;
      let held = 0;
      let released = false;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        if (url.pathname.endsWith(`/rooms/${id}`) && !url.searchParams.has('skip_model')) {
          held++;
          return gate.then(() => original(input, init));
        }
        return original(input, init);
      };
      try {
        const viewer = makeViewer({ 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager' }, [320, 200]);
        const loaded = modelLoaded(viewer, 30000);
        fixtureContainer().append(viewer);
        const poster = (await until(() => posterOf(viewer), 10000, 'the poster'))!;
        expect(released, 'shown before the room document came').to.equal(false);
        expect(held, "the room's document was asked for beside it").to.equal(1);
        expect(poster.src).to.match(new RegExp(`/images/rooms/${id}/(hq|thumbnail)\\.png$`));
        released = true;
        release();
        await loaded;
        expect(viewer.getAttribute('state')).to.equal('loaded');
      } finally {
        window.fetch = original;
        release();
      }
    });

    it('poster="<url>" wins over the room\'s render; poster="" shows none and asks for no record', async () => {
      const id = await publicRoomId();
      const own = `${ROOM_STYLING}/images/rooms/${id}/thumbnail.png?own`;
      const a = makeViewer({
        'room-id': id,
        'api-base': ROOM_STYLING,
        reveal: 'manual',
        loading: 'eager',
        poster: own,
      });
      const b = makeViewer({
        'room-id': id,
        'api-base': ROOM_STYLING,
        reveal: 'manual',
        loading: 'eager',
        poster: '',
      });
      fixtureContainer().append(a, b);
      await until(() => posterOf(a), 5000, 'the given poster');
      expect(posterOf(a)!.src).to.equal(own);
      await new Promise((r) => setTimeout(r, 400));
      await b.updateComplete;
      expect(posterOf(b)).to.equal(null);
      expect((await receivedRequests(`/room-styling/rooms/${id}`)).length, 'no record asked for').to.equal(0);
    });

    it('reveal="manual": waits in state poster until dismissPoster(), which loads and draws the room', async () => {
      const id = await publicRoomId();
      const viewer = makeViewer({
        'room-id': id,
        'api-base': ROOM_STYLING,
        loading: 'eager',
        reveal: 'manual',
      });
      fixtureContainer().append(viewer);
      await until(() => posterOf(viewer), 10000, 'the poster');
      await rafPasses(4);
      expect(viewer.getAttribute('state')).to.equal('poster');
      expect(viewer.shadowRoot!.querySelector('[part="reveal-button"]'), 'manual: no button').to.equal(null);
      const loaded = modelLoaded(viewer, 30000);
      viewer.dismissPoster();
      await loaded;
      expect(viewer.getAttribute('state')).to.equal('loaded');
      viewer.dismissPoster(); // once shown, nothing more happens
      expect(viewer.getAttribute('state')).to.equal('loaded');
    });

    it('chooses the poster from its srcset once: a box that grows after the first render fetches no second render', async () => {
      const id = await publicRoomId();
      const viewer = makeViewer(
        { 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager', reveal: 'manual' },
        [120, 90],
      );
      fixtureContainer().append(viewer);
      const poster = (await until(() => posterOf(viewer), 10000, 'the poster'))!;
      await until(() => poster.complete && poster.currentSrc !== '', 10000, 'the poster image');
      const first = poster.currentSrc;
      const renders = () => fetchedResources(`/images/rooms/${id}/`).length;
      const fetched = renders();
      // the box settles much wider (the page's layout, a rotated phone) and the element renders again
      viewer.style.width = '900px';
      viewer.style.height = '600px';
      viewer.requestUpdate();
      await viewer.updateComplete;
      await new Promise((r) => setTimeout(r, 400));
      expect(poster.currentSrc, 'the same image').to.equal(first);
      expect(renders(), 'no second render fetched').to.equal(fetched);
    });

    it('fires progress from 0, never backwards, ending at 1, with a progress bar while loading', async () => {
      const id = await publicRoomId();
      await armFault({ match: `/room-styling/rooms/${id}`, delay: 800, times: 2 });
      const viewer = makeViewer({ 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager' });
      const seen: number[] = [];
      viewer.addEventListener('progress', (e) =>
        seen.push((e as unknown as CustomEvent<ProgressDetail>).detail.totalProgress),
      );
      const loaded = modelLoaded(viewer, 30000);
      fixtureContainer().append(viewer);
      const bar = (await until(
        () => viewer.shadowRoot!.querySelector<HTMLElement>('[part="progress-bar"]'),
        5000,
        'the progress bar',
      ))!;
      expect(bar.getAttribute('role')).to.equal('progressbar');
      await loaded;
      await until(() => seen.at(-1) === 1, 10000, 'progress 1');
      expect(seen[0]).to.equal(0);
      for (let i = 1; i < seen.length; i++)
        expect(seen[i]!, `step ${i}: ${seen.join(' ')}`).to.be.greaterThan(seen[i - 1]!);
      expect(seen.length, 'code, room and textures reported between 0 and 1').to.be.greaterThan(2);
      await viewer.updateComplete;
      expect(viewer.shadowRoot!.querySelector('[part="progress-bar"]'), 'gone at 1').to.equal(null);
    });

    it('render-scale: reports the drawn resolution, drops the scale while frames run long and restores it at rest', async () => {
      const viewer = makeViewer({
        'room-id': await publicRoomId(),
        'api-base': ROOM_STYLING,
        loading: 'eager',
      });
      const first = waitForEvent<RenderScaleDetail>(viewer, 'render-scale', 30000);
      const loaded = modelLoaded(viewer, 30000);
      fixtureContainer().append(viewer);
      const { detail } = await first;
      await loaded;
      expect(detail.reportedDpr).to.equal(devicePixelRatio);
      expect(detail.renderedDpr).to.equal(pixelRatioPolicy(240, 180, devicePixelRatio));
      expect(viewer.renderThread).to.equal(drawnOn);
      // the drawn size: the box at the rendered ratio
      expect([detail.pixelWidth, detail.pixelHeight]).to.deep.equal([
        Math.round(240 * detail.renderedDpr),
        Math.round(180 * detail.renderedDpr),
      ]);
      if (viewer.view)
        expect([detail.pixelWidth, detail.pixelHeight]).to.deep.equal([
          viewer.view.pixelWidth,
          viewer.view.pixelHeight,
        ]);
      // the policy: the device's ratio up to a pixel budget, never below 1
      expect(pixelRatioPolicy(400, 300, 3)).to.equal(3);
      expect(pixelRatioPolicy(3840, 2160, 2))
        .to.be.within(1, 2)
        .and.lessThan(2);
      expect(pixelRatioPolicy(8000, 8000, 2)).to.equal(1);
      // long frames while moving step the scale down; at rest it is full again
      const scale = new RenderScale();
      for (let i = 0; i < 40; i++) scale.frame(120, true);
      expect(scale.scale).to.equal(scale.minimum);
      scale.frame(16, false);
      expect(scale.scale).to.equal(1);
      // and in the element: long frames while it turns give a smaller drawn size, with its event. Frames
      // are slowed by hand where the view is on the page; the worker's view runs the same RenderScale
      if (!viewer.view) return;
      const dropped = waitForEvent<RenderScaleDetail>(viewer, 'render-scale', 30000);
      const view = viewer.view!;
      const full = view.pixelWidth;
      const before = view.beforeRender.bind(view);
      view.beforeRender = () => before(0.12); // as if every frame took 120 ms
      viewer.autoRotate = true;
      const smaller = await dropped;
      expect(smaller.detail.reason).to.equal('frame-time');
      expect(smaller.detail.renderedDpr).to.be.lessThan(detail.renderedDpr);
      expect(view.pixelWidth).to.be.lessThan(full);
      const restored = waitForEvent<RenderScaleDetail>(viewer, 'render-scale', 30000);
      viewer.autoRotate = false;
      view.beforeRender = before;
      expect((await restored).detail.renderedDpr).to.equal(detail.renderedDpr);
      await until(() => view.pixelWidth === full, 5000, 'full size at rest');
    });
  });

/**
 * The AR feature's pure parts (src/features/ar/): `ar-modes` as the page writes it, Scene Viewer's intent
 * (https files only, every value encoded), Quick Look's banner in the URL fragment (a catalogue's hostile
 * names stay text), and the banner's subtitle and total from the look's lines.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseArModes, sceneViewerCandidate } from '../../src/features/ar/ar-modes.ts';
import { NO_AR_FALLBACK, safeHttpsUrl, sceneViewerIntent } from '../../src/features/ar/scene-viewer.ts';
import { bannerFromLines, quickLookHref } from '../../src/features/ar/quick-look.ts';

describe('ar-modes', () => {
  it('keeps the known modes in the page’s order, each once; the default is model-viewer’s order', () => {
    assert.deepEqual(parseArModes(undefined), ['webxr', 'scene-viewer', 'quick-look']);
    assert.deepEqual(parseArModes(' Quick-Look  webxr quick-look magic '), ['quick-look', 'webxr']);
    assert.deepEqual(parseArModes(''), []);
  });

  it('offers Scene Viewer to Android browsers, not to Firefox or a headset', () => {
    assert.equal(
      sceneViewerCandidate('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile Safari/537.36'),
      true,
    );
    assert.equal(
      sceneViewerCandidate('Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0'),
      false,
    );
    assert.equal(
      sceneViewerCandidate('Mozilla/5.0 (X11; Linux x86_64; Quest 3) OculusBrowser/33.0 Chrome/126'),
      false,
    );
    assert.equal(
      sceneViewerCandidate('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'),
      false,
    );
  });
});

describe('Scene Viewer intent', () => {
  const file = 'https://shop.example/partner/uploads/abc.glb';

  it('names the https file, ar_only, the title, the page as link, resizable=false and the page as fallback', () => {
    const intent = sceneViewerIntent(file, 'The look & more', 'https://shop.example/rooms/1?x=1#top');
    const match = /^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?([^#]*)#Intent;(.*)$/.exec(intent);
    assert.ok(match, intent);
    const params = new URLSearchParams(match[1]);
    assert.equal(params.get('file'), file);
    assert.equal(params.get('mode'), 'ar_only');
    assert.equal(params.get('title'), 'The look & more');
    assert.equal(params.get('link'), 'https://shop.example/rooms/1?x=1');
    assert.equal(params.get('resizable'), 'false');
    assert.match(
      match[2]!,
      /^scheme=https;package=com\.google\.ar\.core;action=android\.intent\.action\.VIEW;/,
    );
    const fallback = /S\.browser_fallback_url=([^;]+);end;$/.exec(match[2]!);
    assert.equal(decodeURIComponent(fallback![1]!), `https://shop.example/rooms/1?x=1${NO_AR_FALLBACK}`);
  });

  it('is Google’s intent that controls the fallback: Google Play Services for AR, ar_only, the page as browser fallback', () => {
    // developers.google.com/ar/develop/scene-viewer: an explicit intent to com.google.ar.core with ar_only or
    // ar_preferred leaves the fallback to S.browser_fallback_url; ar_only offers no switch to Scene Viewer's 3D
    // viewer, so the element's "AR started" is true or the page hears otherwise. The Google app's package
    // (googlequicksearchbox) would fall back to that 3D viewer and never come back to the page.
    const intent = sceneViewerIntent(file, 'The look', 'https://shop.example/rooms/1');
    const [target, extras] = intent.split('#Intent;');
    assert.equal(new URL(target!.replace(/^intent:/, 'https:')).host, 'arvr.google.com');
    assert.equal(new URLSearchParams(target!.split('?')[1]).getAll('mode').join(), 'ar_only');
    const fields = extras!.replace(/;end;$/, '').split(';');
    assert.deepEqual(fields.slice(0, 3), [
      'scheme=https',
      'package=com.google.ar.core',
      'action=android.intent.action.VIEW',
    ]);
    assert.equal(fields.length, 4, extras);
    assert.doesNotMatch(intent, /googlequicksearchbox|ar_preferred|3d_/);
    // the fallback is one encoded field (no ; or # of its own to end the intent early), the page with the hash
    const fallback = fields[3]!.replace(/^S\.browser_fallback_url=/, '');
    assert.doesNotMatch(fallback, /[;#]/);
    assert.equal(decodeURIComponent(fallback), `https://shop.example/rooms/1${NO_AR_FALLBACK}`);
  });

  it('keeps a page URL with ; and # from ending the intent early', () => {
    const intent = sceneViewerIntent(file, 'a;b#c', 'https://shop.example/look;v=2?q=a;b#frag');
    assert.equal(intent.match(/#Intent;/g)?.length, 1);
    assert.ok(intent.endsWith(';end;'));
    const params = new URLSearchParams(
      intent.slice('intent://arvr.google.com/scene-viewer/1.0?'.length, intent.indexOf('#Intent;')),
    );
    assert.equal(params.get('title'), 'a;b#c');
    assert.equal(params.get('link'), 'https://shop.example/look;v=2?q=a;b');
  });

  it('refuses any file URL that is not https', () => {
    for (const bad of [
      'http://shop.example/a.glb',
      'blob:https://shop.example/1',
      'javascript:alert(1)',
      '/a.glb',
      '',
    ])
      assert.throws(() => sceneViewerIntent(bad, 't', 'https://shop.example/'), TypeError, bad);
    assert.equal(safeHttpsUrl('HTTPS://Shop.Example/a.glb'), 'https://shop.example/a.glb');
    assert.equal(safeHttpsUrl('data:model/gltf-binary;base64,AA'), undefined);
  });
});

describe('Quick Look banner', () => {
  it('puts every banner value in the fragment, encoded (spaces as %20), with content scaling off', () => {
    const href = quickLookHref('blob:https://shop.example/1234#old', {
      callToAction: 'Add the look',
      checkoutTitle: 'The look',
      checkoutSubtitle: '<img src=x onerror=alert(1)>&price=0#',
      price: '€1,249.00',
    });
    const [file, fragment] = href.split('#');
    assert.equal(file, 'blob:https://shop.example/1234');
    assert.equal(href.split('#').length, 2, 'one fragment');
    assert.doesNotMatch(fragment!, /\+| /);
    const params = new URLSearchParams(fragment);
    assert.equal(params.get('callToAction'), 'Add the look');
    assert.equal(params.get('checkoutSubtitle'), '<img src=x onerror=alert(1)>&price=0#');
    assert.deepEqual(params.getAll('price'), ['€1,249.00']);
    assert.equal(params.get('allowsContentScaling'), '0');
  });

  it('names each product once, counted, and totals only a fully priced look', () => {
    const lines = [
      { pieceId: 'a', componentId: 'chair', name: 'Armchair', price: 100 },
      { pieceId: 'b', componentId: 'chair', name: 'Armchair', price: 100 },
      { pieceId: 'c', componentId: 'sofa', name: 'Sofa', price: 1049 },
    ];
    const banner = bannerFromLines(lines, 'en', 'EUR');
    assert.equal(banner.subtitle, '2× Armchair, Sofa');
    assert.equal(banner.count, 2);
    assert.equal(banner.price, '€1,249.00');
    const unpriced = bannerFromLines(
      [...lines, { pieceId: 'd', componentId: 'lamp', name: 'Lamp' }],
      'en',
      'EUR',
    );
    assert.equal(unpriced.price, undefined);
    assert.equal(bannerFromLines([], 'en').subtitle, '');
    const long = bannerFromLines(
      Array.from({ length: 20 }, (_, i) => ({
        pieceId: `p${i}`,
        componentId: `c${i}`,
        name: `Product ${i}`,
      })),
      'en',
    );
    assert.ok(long.subtitle.length <= 80 && long.subtitle.endsWith('…'), long.subtitle);
  });
});

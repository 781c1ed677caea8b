/** The panorama's words per failure: its own reasons first, then the shared kinds (src/api/failure.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/http.ts';
import { toElementError } from '../../src/internal/to-element-error.ts';
import { lookup } from '../../src/internal/language.ts';
import { registerTranslation } from '../../src/i18n.ts';
import nl from '../../src/i18n/nl.ts';
import { PanoramaError } from '../../src/elements/room-panorama/panorama-error.ts';
import { reasonWords, STRINGS } from '../../src/elements/room-panorama/room-panorama.strings.ts';
import { errorSentence, errorTitle } from '../../src/features/error-panel/error-panel.ts';
import { ViewerError } from '../../src/panorama/viewer-error.ts';

// Dutch is a downloaded language in a page; here it is registered up front
registerTranslation('nl', nl);

/** What the panel says: the kind's shared title, then the panorama's own words or the kind's sentence. */
const words = (error: unknown, lang: 'en' | 'nl' = 'en') => {
  const el = toElementError(error);
  const own = reasonWords(el, (key) => lookup(STRINGS, lang, key));
  return `${errorTitle(el.kind, lang)}: ${own ?? errorSentence(el.kind, lang)}`;
};

describe('panorama error words', () => {
  it('says what the service answered, by kind, in the words every element shares', () => {
    assert.match(words(new ApiError('gone', 404, '', 'http')), /^Not found: /);
    assert.match(words(new ApiError('down', 503, '', 'http')), /^Service problem: /);
    assert.match(words(new ApiError('no', 403, '', 'http'), 'nl'), /^Niet toegestaan: /);
    assert.match(words(new ApiError('slow', 0, '', 'timeout')), /^No answer in time: /);
    assert.match(words(new ApiError('off', 0, '', 'network')), /^No connection: /);
    assert.match(words(new SyntaxError('Unexpected token')), /^Cannot be shown: /);
  });

  it("says the panorama's own refusals by reason, and a viewer failure keeps its reason", () => {
    assert.equal(
      words(new PanoramaError('x', 'bad-id')),
      'Cannot be shown: The room-id attribute must be a room number.',
    );
    assert.match(words(new PanoramaError('x', 'bad-faces')), /image addresses cannot be used/);
    assert.match(words(new PanoramaError('x', 'viewer-code')), /viewer could not be downloaded/);
    const fromViewer = PanoramaError.fromViewer(new ViewerError('no context', 'no-webgl'));
    assert.equal(fromViewer.reason, 'no-webgl');
    assert.match(words(fromViewer, 'nl'), /WebGL is niet beschikbaar/);
    assert.equal(
      words(PanoramaError.fromViewer(new ViewerError('404', 'face-failed'))),
      'No connection: An image of the panorama could not be loaded.',
    );
  });

  it('has every string in Dutch too', () => {
    assert.deepEqual(Object.keys(nl.panorama).sort(), Object.keys(STRINGS.en).sort());
  });
});

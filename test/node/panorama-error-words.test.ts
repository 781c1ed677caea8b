/** The panorama's words per failure: its own reasons first, then the shared kinds (src/api/failure.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/http.ts';
import { toElementError } from '../../src/internal/element-error.ts';
import { lookup } from '../../src/internal/language.ts';
import { registerTranslation } from '../../src/i18n.ts';
import nl from '../../src/i18n/nl.ts';
import { PanoramaError } from '../../src/elements/room-panorama/panorama-error.ts';
import { errorWords, STRINGS } from '../../src/elements/room-panorama/room-panorama.strings.ts';
import { ViewerError } from '../../src/panorama/viewer-error.ts';

// Dutch is a downloaded language in a page; here it is registered up front
registerTranslation('nl', nl);

const words = (error: unknown, lang: 'en' | 'nl' = 'en') => {
  const [key, values] = errorWords(toElementError(error));
  return lookup(STRINGS, lang, key, values);
};

describe('panorama error words', () => {
  it('says what the service answered, by kind', () => {
    assert.equal(words(new ApiError('gone', 404, '', 'http')), 'This room has no panorama.');
    assert.match(words(new ApiError('down', 503, '', 'http')), /answered 503/);
    assert.match(words(new ApiError('no', 403, '', 'http'), 'nl'), /antwoordde 403/);
    assert.equal(
      words(new ApiError('slow', 0, '', 'timeout')),
      'The panorama service did not answer in time.',
    );
    assert.equal(words(new ApiError('off', 0, '', 'network')), 'The panorama service could not be reached.');
    assert.equal(
      words(new SyntaxError('Unexpected token')),
      'The panorama service sent data that cannot be shown.',
    );
  });

  it("says the panorama's own refusals by reason, and a viewer failure keeps its reason", () => {
    assert.equal(words(new PanoramaError('x', 'bad-id')), 'The room-id attribute must be a room number.');
    assert.match(words(new PanoramaError('x', 'bad-faces')), /image addresses cannot be used/);
    assert.match(words(new PanoramaError('x', 'viewer-code')), /viewer could not be downloaded/);
    const fromViewer = PanoramaError.fromViewer(new ViewerError('no context', 'no-webgl'));
    assert.equal(fromViewer.reason, 'no-webgl');
    assert.match(words(fromViewer, 'nl'), /WebGL is niet beschikbaar/);
    assert.equal(
      words(PanoramaError.fromViewer(new ViewerError('404', 'face-failed'))),
      'An image of the panorama could not be loaded.',
    );
  });

  it('has every string in Dutch too', () => {
    assert.deepEqual(Object.keys(nl.panorama).sort(), Object.keys(STRINGS.en).sort());
  });
});

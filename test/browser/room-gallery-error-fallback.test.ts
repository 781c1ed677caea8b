/**
 * <room-gallery>'s error panel when even its lazy chunk (the shared panel's words and styles) could not be
 * downloaded (src/elements/room-gallery/cards/error-panel.ts): the error's own message, cut short, and a
 * retry button that retries; role="alert". This file never loads that chunk, so the fallback is drawn.
 */
import { expect } from '@esm-bundle/chai';
import { render } from 'lit';
import { ElementError } from '../../src/api/element-error-class.ts';
import { renderErrorPanel } from '../../src/elements/room-gallery/cards/error-panel.ts';
import { errorWords } from '../../src/elements/room-gallery/lazy.ts';

describe('<room-gallery>: the error panel without its chunk', () => {
  it('shows the message cut at 200 characters and a retry button that retries', () => {
    expect(errorWords.value, 'the chunk is not here').to.equal(undefined);
    const host = document.createElement('div');
    document.body.append(host);
    let retried = 0;
    const error = new ElementError(`offline ${'x'.repeat(500)}`, { kind: 'network' });
    render(
      renderErrorPanel(
        { status: 'error', error },
        'en',
        (key) => key,
        () => retried++,
      ),
      host,
    );
    const panel = host.querySelector('[part="error"]')!;
    expect(panel.getAttribute('role')).to.equal('alert');
    const message = panel.querySelector('[part="error-message"]')!.textContent!;
    expect(message.startsWith('offline x')).to.equal(true);
    expect(message).to.have.length(200);
    panel.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
    expect(retried).to.equal(1);
    host.remove();
  });
});

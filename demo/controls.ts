/** Small DOM helpers the demo sections share (text content only: nothing here parses markup). */

export function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

export function labelled(text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.append(`${text} `, control);
  return label;
}

/** A section's log of events: the newest line first, at most `lines` kept. */
export function eventLog(lines: number): { log: HTMLUListElement; write: (line: string) => void } {
  const log = document.createElement('ul');
  log.className = 'log';
  const write = (line: string) => {
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString()} ${line}`;
    log.prepend(item);
    while (log.children.length > lines) log.lastElementChild?.remove();
  };
  return { log, write };
}

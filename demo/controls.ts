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

/** An element's static styles (Lit CSSResults, nested lists) as one `<style>` text for a declarative shadow root. */
import type { CSSResultGroup } from 'lit';

export function stylesText(styles: CSSResultGroup | undefined): string {
  const flat = [styles].flat(Infinity as 1) as unknown[];
  return flat
    .map((s) =>
      s && typeof s === 'object' && 'cssText' in s ? String((s as { cssText: string }).cssText) : '',
    )
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
}

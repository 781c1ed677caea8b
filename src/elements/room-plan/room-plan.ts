import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { defineElement } from '../../internal/define.js';
import { RoomElement } from '../../internal/room-element.js';

/**
 * Placeholder while the element is being built (see its issue).
 */
export class RoomPlan extends RoomElement {
  @property({ attribute: 'api-base' }) apiBase?: string;

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('room-plan', RoomPlan);

declare global {
  interface HTMLElementTagNameMap {
    'room-plan': RoomPlan;
  }
}

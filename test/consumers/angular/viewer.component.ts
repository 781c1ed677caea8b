// What an Angular component using <room-viewer> under CUSTOM_ELEMENTS_SCHEMA types with
// room-elements/angular. (The decorators are left out so the sample needs no Angular install:
// @Component({ selector: 'shop-room', schemas: [CUSTOM_ELEMENTS_SCHEMA], template: `
//   <room-viewer #viewer [model]="model" camera="orbit" (component-select)="onSelect($event)"
//     (measure)="onMeasure($event)"></room-viewer>` }) )
import type { RoomElementOf, RoomEvent, RoomViewerEventMap, RoomViewerProperties } from 'room-elements/angular';
import 'room-elements/room-viewer.js';
import type { RoomModelJson } from 'room-elements';

interface ElementRef<T> {
  nativeElement: T;
}

export class ShopRoomComponent {
  model: RoomModelJson = { plan: {} };
  viewer?: ElementRef<RoomElementOf<'room-viewer'>>;
  picked = '';

  onSelect(event: RoomViewerEventMap['component-select']): void {
    this.picked = event.detail.component.id;
    event.currentTarget.highlight([this.picked]);
  }

  onMeasure(event: RoomEvent<'room-viewer', 'measure'>): void {
    console.log(event.detail.text, event.detail.distance);
  }

  leave(): Promise<void> | undefined {
    return this.viewer?.nativeElement.exitFullscreen();
  }

  inputs(): RoomViewerProperties {
    return { model: this.model, camera: 'top', gestureHandling: 'cooperative' };
  }

  listen(element: HTMLElement): void {
    // the events are in the DOM's event map too (what Angular's strictDomEventTypes reads)
    element.addEventListener('fullscreen-change', (event) => console.log(event.detail.fullscreen));
  }
}

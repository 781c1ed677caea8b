import type { RoomElementOf, RoomEvent, RoomViewerEventMap, RoomViewerProperties } from 'room-elements/angular';

export class Broken {
  onSelect(event: RoomViewerEventMap['component-select']): string {
    // MISTAKE: no such property in the detail
    return event.detail.componentId;
  }
  // MISTAKE: a plan has no such event
  onMeasure(_event: RoomEvent<'room-plan', 'camera-change'>): void {}
  // MISTAKE: camera is model | orbit | top
  inputs: RoomViewerProperties = { camera: 'fisheye' };
  // MISTAKE: the viewer class has no such method
  leave = (viewer: RoomElementOf<'room-viewer'>) => viewer.leaveFullscreen();
}

import { useRef } from 'react';
import type {} from 'room-elements/jsx';
import 'room-elements/room-gallery.js';
import 'room-elements/room-viewer.js';
import type { RoomViewer } from 'room-elements/room-viewer.js';
import type { ComponentSelectDetail, RoomModelJson } from 'room-elements';

export function Shop({ model }: { model: RoomModelJson }) {
  const viewer = useRef<RoomViewer>(null);
  const onSelect = (event: CustomEvent<ComponentSelectDetail>) => console.log(event.detail.component.id);
  return (
    <main onClick={(event) => event.currentTarget.focus()}>
      <room-gallery
        api-base="https://api.example.test"
        limit={12}
        filters
        className="gallery"
        style={{ display: 'block' }}
        onroom-select={(event) => {
          event.preventDefault();
          console.log(event.detail.room.id, event.currentTarget.page);
        }}
        onrooms-load={(event) => console.log(event.detail.total)}
      />
      {/* as the README writes it: a number attribute as text */}
      <room-gallery limit="6" paging="more" />
      <room-viewer
        ref={viewer}
        model={model}
        camera="orbit"
        gesture-handling="greedy"
        measure
        onClick={() => viewer.current?.exitFullscreen()}
        oncomponent-select={onSelect}
        onmeasure={(event) => console.log(event.detail.distance)}
        onfullscreen-change={(event) => console.log(event.detail.fullscreen)}
        onmodel-error={(event) => console.log(event.detail.error.kind, event.detail.fatal)}
      >
        <button slot="hotspot" data-position="0 0 100">
          Sofa
        </button>
      </room-viewer>
      <room-plan for="viewer" units="imperial" oncomponent-select={onSelect} />
      <room-panorama room-id="5" yaw={90} onview-change={(event) => console.log(event.detail.yaw)} />
      <project-export-button project-id={1} type="3d" onexport-done={(event) => console.log(event.detail)} />
    </main>
  );
}

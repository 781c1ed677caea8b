/**
 * `<room-viewer>` feature: the one change log (src/features/changes/change-log.ts): `room-change` and
 * `room-change-error` for every change, `undo()`, `redo()`, and `changes`: read, the list of changes
 * made (JSON, to save or link); set (property or attribute, JSON), a list replayed onto the room once it
 * is drawn. A mixin over RoomViewerBase; the kinds of change (surfaces.ts, …) register their appliers
 * on the log it makes (changeLogOf(this)).
 */
import { property } from 'lit/decorators.js';
import { attachChangeLog } from '../../../features/changes/changes-host.js';
import {
  parseChangeList,
  type ChangeFailure,
  type ChangeLog,
  type ChangeRequest,
  type RoomChange,
} from '../../../features/changes/change-log.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface ViewerChangesProperties {
  changes: readonly RoomChange[];
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  changesSettled(): Promise<void>;
}

export function ViewerChanges<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerChangesProperties> {
  /**
   * @fires {CustomEvent<RoomChangeDetail>} room-change - The room was changed (a surface repainted…), also by `undo()`,
   *   `redo()` and a replayed `changes` list. Detail `{ kind, target, before, after, source }` (`source` `api`, `user`,
   *   `replay`, `undo` or `redo`; values JSON, `null`: as the model has it).
   * @fires {CustomEvent<RoomChangeErrorDetail>} room-change-error - A change was refused; the room is as it was.
   *   Detail `{ change: { kind, target, after, source }, reason, message }`, `reason` `unknown-target`, `bad-value`,
   *   `load-failed`, `not-ready`, `limit` or a kind's own.
   */
  abstract class WithChanges extends Base {
    readonly #log: ChangeLog = attachChangeLog(this, {
      changed: (change) => this.#changed(change),
      refused: (failure) => this.#refused(failure),
    });

    /** A list set before the room was drawn (or for the next room): replayed once it is. */
    #pending?: ChangeRequest[];

    /**
     * Read: the changes made to the room, oldest first (undone ones left out), each
     * `{ kind, target, before, after, source }`: JSON, for the page to save or put in a link.
     * Set (or the `changes` attribute, as JSON): the room as that list makes it: every change made so far
     * is undone, then the list's are made in order (source `replay`), once the room is drawn (a list set
     * before it is kept for it). A refused entry fires `room-change-error` and the rest are still made.
     * @attr changes
     */
    @property({ attribute: 'changes', noAccessor: true })
    get changes(): readonly RoomChange[] {
      return this.#log.changes;
    }
    set changes(value: readonly ChangeRequest[] | string | null | undefined) {
      let list: ChangeRequest[];
      try {
        list = parseChangeList(value);
      } catch (error) {
        this.#refused({
          change: { kind: 'surface', target: '', after: null, source: 'replay' },
          reason: 'bad-value',
          message: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      if (!this.viewContext) {
        this.#pending = list;
        return;
      }
      void this.#log.revertAll();
      void this.#log.replay(list);
    }

    /** Undoes the last change (`room-change` with source `undo`); resolves false when there was none. */
    undo(): Promise<boolean> {
      return this.#counted(this.#log.undo());
    }

    /** Makes the last undone change again (source `redo`); resolves false when there was none. */
    redo(): Promise<boolean> {
      return this.#counted(this.#log.redo());
    }

    /** Undo and redo count in `room-analytics` when the visitor's own input on the element asked for them. */
    #counted(done: Promise<boolean>): Promise<boolean> {
      this.#visitorAsked = this.analytics.answeringVisitor;
      return done;
    }

    #visitorAsked = false;

    /** Resolves once every change asked for so far is made or refused (a texture loaded…). */
    changesSettled(): Promise<void> {
      return this.#log.settled();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      // a new room starts as its model has it
      this.#log.clear();
      const list = this.#pending;
      this.#pending = undefined;
      if (list?.length) void this.#log.replay(list);
    }

    protected override viewGone(): void {
      this.#log.clear();
      super.viewGone();
    }

    #changed(change: RoomChange): void {
      this.emit('room-change', change);
      // the visitor's own changes only (the change log says `user`; undo and redo asked by the visitor's input)
      const visitor =
        change.source === 'user' ||
        ((change.source === 'undo' || change.source === 'redo') && this.#visitorAsked);
      if (visitor) this.analytics.track('change', { changeKind: change.kind, target: change.target });
    }

    #refused(failure: ChangeFailure): void {
      this.emit('room-change-error', failure);
    }
  }
  return WithChanges;
}

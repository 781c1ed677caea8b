/**
 * `<room-viewer>` feature: the one change log (src/features/changes/change-log.ts): `room-change` and
 * `room-change-error` for every change, `undo()`, `redo()`, and `changes`: read, the list of changes
 * made (JSON, to save or link); set (property or attribute, JSON), a list replayed onto the room once it
 * is drawn. A mixin over RoomViewerBase; the kinds of change (surfaces.ts, …) register their appliers
 * on the log it makes (changeLogOf(this)). The log is made when the viewer's parts arrive (after-frame.ts,
 * after the first frame): until `model-load`, `changes` reads `[]` and `undo()` / `redo()` /
 * `changesSettled()` wait for it.
 */
import { property } from 'lit/decorators.js';
// types only: the log's code comes with the viewer's parts, after its first frame (after-frame.ts)
import type {
  ChangeFailure,
  ChangeLog,
  ChangeRequest,
  RoomChange,
} from '../../../features/changes/change-log.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { ViewerParts } from '../hooks.js';
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
    /** The one log, made with the viewer's parts (after-frame.ts). */
    #log?: ChangeLog;

    /** A list set before the room was drawn (or for the next room): replayed once it is. */
    #pending?: ChangeRequest[];
    /** A list set before the log's code was in, read once it is. */
    #early?: { value: readonly ChangeRequest[] | string | null | undefined };

    protected override partsIn(parts: ViewerParts): void {
      // the log first: the kinds of change (surfaces, swaps, above this mixin) register on it in theirs
      this.#log = parts.attachChangeLog(this, {
        changed: (change) => this.#changed(change),
        refused: (failure) => this.#refused(failure),
      });
      super.partsIn(parts);
      // the room already drawn (the parts came after its first frame): as viewReady would
      if (this.viewContext) this.#takeUp();
      // then a list set before (replayed onto the room shown, or kept for the one to come)
      const early = this.#early;
      this.#early = undefined;
      if (early) this.changes = early.value;
    }

    protected override partsBeforeFrame(): boolean {
      // a list set before the room: the first frame shows the room as it makes it
      return super.partsBeforeFrame() || !!this.#early || !!this.#pending?.length;
    }

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
      return this.#log?.changes ?? [];
    }
    set changes(value: readonly ChangeRequest[] | string | null | undefined) {
      const parts = this.parts;
      if (!parts) {
        // read once the log's code is in, which then comes with the room (partsBeforeFrame): the room's
        // first frame shows the list made
        this.#early = { value };
        return;
      }
      let list: ChangeRequest[];
      try {
        list = parts.parseChangeList(value);
      } catch (error) {
        this.#refused({
          change: { kind: 'surface', target: '', after: null, source: 'replay' },
          reason: 'bad-value',
          message: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      if (!this.viewContext || !this.#log) {
        this.#pending = list;
        return;
      }
      void this.#log.revertAll();
      void this.#log.replay(list);
    }

    /** Undoes the last change (`room-change` with source `undo`); resolves false when there was none. */
    undo(): Promise<boolean> {
      return this.#counted(this.#withLog((log) => log.undo()));
    }

    /** Makes the last undone change again (source `redo`); resolves false when there was none. */
    redo(): Promise<boolean> {
      return this.#counted(this.#withLog((log) => log.redo()));
    }

    /** `use` with the log now, or once it is in (held in order until `model-load`, base.ts). */
    #withLog<R>(use: (log: ChangeLog) => Promise<R>): Promise<R> {
      const log = this.#log;
      if (log) return use(log);
      return new Promise<R>((resolve, reject) =>
        this.whenPartsIn(() => use(this.#log!).then(resolve, reject)),
      );
    }

    /** Undo and redo count in `room-analytics` when the visitor's own input on the element asked for them. */
    #counted(done: Promise<boolean>): Promise<boolean> {
      this.#visitorAsked = this.analytics.answeringVisitor;
      return done;
    }

    #visitorAsked = false;

    /** Resolves once every change asked for so far is made or refused (a texture loaded…). */
    changesSettled(): Promise<void> {
      return this.#withLog((log) => log.settled());
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      if (this.#log) this.#takeUp();
    }

    /** A room is drawn and the log is in: a new room starts as its model has it, then the list kept for it. */
    #takeUp(): void {
      const log = this.#log!;
      log.clear();
      const list = this.#pending;
      this.#pending = undefined;
      if (list?.length) void log.replay(list);
    }

    protected override viewGone(): void {
      this.#log?.clear();
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

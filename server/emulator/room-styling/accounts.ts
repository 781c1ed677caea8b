/**
 * Users, login tokens and comments (records Document 3 leaves "not shown"; docs/emulator.md records
 * the choices). Generated users log in with the password `roomstyler`; a user's token is derived from
 * the seed and the user id, so it is the same for every login and every run with the same seed, and
 * it does not expire.
 */
import { hexOf } from '../shared/random.ts';
import type { Dataset, UserRecord } from './dataset.ts';
import { formatTimestamp } from './dates.ts';
import { HttpError } from './params.ts';

export interface CommentRecord {
  id: number;
  roomId: number;
  userId: number;
  comment: string;
  created: number;
}

export class Accounts {
  readonly users = new Map<number, UserRecord>();
  readonly comments: CommentRecord[] = [];
  readonly #tokens = new Map<string, UserRecord>();
  #nextUserId: number;
  #nextCommentId = 1;

  constructor(
    dataset: Dataset,
    private readonly seed: number,
  ) {
    for (const user of dataset.users) this.#add(user);
    this.#nextUserId = Math.max(...dataset.users.map((u) => u.id)) + 1000;
  }

  #add(user: UserRecord): void {
    this.users.set(user.id, user);
    this.#tokens.set(this.tokenOf(user), user);
  }

  tokenOf(user: UserRecord): string {
    return `rs_${hexOf(40, 'token', this.seed, user.id)}`;
  }

  userByToken(token: string): UserRecord | undefined {
    return this.#tokens.get(token);
  }

  findLogin(login: string): UserRecord | undefined {
    const wanted = login.trim().toLowerCase();
    for (const user of this.users.values()) {
      if (user.username.toLowerCase() === wanted || user.email.toLowerCase() === wanted) return user;
    }
    return undefined;
  }

  login(login: string, password: string): UserRecord | undefined {
    const user = this.findLogin(login);
    return user && user.password === password ? user : undefined;
  }

  createUser(input: { username?: string; email?: string; password?: string }): UserRecord {
    const errors: Record<string, string[]> = {};
    const username = input.username?.trim() ?? '';
    const email = input.email?.trim() ?? '';
    const password = input.password ?? '';
    if (!username) errors.username = ["can't be blank"];
    else if (username.length > 60) errors.username = ['is too long (maximum is 60 characters)'];
    else if (this.findLogin(username)) errors.username = ['has already been taken'];
    if (!email) errors.email = ["can't be blank"];
    else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.email = ['is invalid'];
    else if (this.findLogin(email)) errors.email = ['has already been taken'];
    if (!password) errors.password = ["can't be blank"];
    else if (password.length < 6) errors.password = ['is too short (minimum is 6 characters)'];
    const fields = Object.keys(errors);
    if (fields.length) {
      const first = fields[0]!;
      throw new HttpError(
        422,
        `${first[0]!.toUpperCase()}${first.slice(1)} ${errors[first]![0]}`,
        {},
        { errors },
      );
    }
    const user: UserRecord = {
      id: this.#nextUserId++,
      username,
      email,
      password,
      role: 'user',
      bio: '',
      created: Date.now(),
    };
    this.#add(user);
    return user;
  }

  addComment(roomId: number, userId: number, comment: string): CommentRecord {
    const record = { id: this.#nextCommentId++, roomId, userId, comment, created: Date.now() };
    this.comments.push(record);
    return record;
  }
}

export const commentJson = (record: CommentRecord) => ({
  id: record.id,
  room_id: record.roomId,
  user_id: record.userId,
  comment: record.comment,
  created_at: formatTimestamp(record.created),
});

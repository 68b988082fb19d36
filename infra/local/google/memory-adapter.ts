/**
 * The Google stand-in's storage for oidc-provider (sessions, interactions, codes, grants): kept in
 * memory, as the stand-in is a fresh Google at each start. oidc-provider ships no adapter for
 * production use on purpose (it warns at every start when left to its development one), and the
 * stand-in needs no more than this: each model's records by id, with their expiry, their `uid`
 * and `userCode` look-ups, consumption and revocation by grant.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Stored {
  payload: AdapterPayload;
  /** Epoch ms, or undefined for a record without expiry. */
  expiresAt?: number;
}

/** All models' records, keyed "<model>:<id>": one map per stand-in (per Provider), not per process. */
export function memoryAdapter(now: () => number = Date.now): new (model: string) => Adapter {
  const records = new Map<string, Stored>();
  const live = (key: string): AdapterPayload | undefined => {
    const stored = records.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt !== undefined && stored.expiresAt <= now()) {
      records.delete(key);
      return undefined;
    }
    return stored.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      records.set(this.key(id), { payload, ...(expiresIn ? { expiresAt: now() + expiresIn * 1000 } : {}) });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(this.key(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere((p) => p.uid === uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere((p) => p.userCode === userCode);
    }

    async consume(id: string): Promise<void> {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      records.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, stored] of records) if (stored.payload.grantId === grantId) records.delete(key);
    }

    private findWhere(match: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
      const prefix = `${this.model}:`;
      for (const key of records.keys()) {
        if (!key.startsWith(prefix)) continue;
        const payload = live(key);
        if (payload && match(payload)) return payload;
      }
      return undefined;
    }
  };
}

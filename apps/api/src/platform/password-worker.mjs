// One thread of the password-hashing pool (platform/passwords.ts, decision 043): argon2id run synchronously here, one
// job at a time, so that hashing never takes a thread of libuv's pool (files, compression, crypto) from the rest.
// Plain JavaScript: a worker is loaded by Node itself, under the server (tsx) and under the tests (vitest) alike.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * Below the event loop's priority (Linux: a nice value of this thread alone, found through /proc/thread-self): on a
 * machine with few cores, the thread that answers pages and files gets a core when it needs one, and the hashing
 * takes what is left. Elsewhere (or if the kernel refuses) the thread keeps the process's priority.
 */
if (workerData?.nice) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, workerData.nice);
  } catch {
    // not Linux, or not allowed: the same priority as the process
  }
}

parentPort?.on('message', (job) => {
  try {
    if (job.kind === 'hash') {
      parentPort?.postMessage({ id: job.id, value: hashSync(job.password, job.options) });
    } else {
      // A malformed stored hash is a wrong password, as @node-rs/argon2's verify rejecting was before.
      let value = false;
      try {
        value = verifySync(job.hash, job.password);
      } catch {
        value = false;
      }
      parentPort?.postMessage({ id: job.id, value });
    }
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});

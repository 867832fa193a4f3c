/**
 * The last `capacity` texts, kept as UTF-8 in one buffer (outside the JavaScript
 * heap) rather than as objects. A journal entry lives for the next `capacity` requests: long enough for
 * the garbage collector to copy it twice and move it to the old generation, which then grows by every
 * entry until a full collection. Bytes written into one buffer cost the collector nothing, so memory
 * stays flat under any load.
 *
 * Texts are written one after another around the buffer; a text that would overwrite older ones
 * evicts them, so when texts are large the ring holds fewer than `capacity` of them.
 *
 * The buffer starts small and doubles as texts arrive, up to `byteCapacity`: a server made for one test
 * and a few requests never reserves the whole ring. Until it is full size nothing has wrapped, so a
 * grown buffer only copies the bytes written so far, at the same places.
 */
/** The buffer's first size; it doubles from there as needed. */
const FIRST_BYTES = 16 * 1024;

export class TextRing {
  readonly capacity: number;
  #bytes: Buffer;
  readonly #byteCapacity: number;
  // Per slot: where its text starts on an ever-growing "virtual" byte count, and its length in bytes.
  readonly #starts: Float64Array;
  readonly #lengths: Int32Array;
  #oldest = 0;
  #count = 0;
  #written = 0;

  constructor(capacity: number, byteCapacity: number) {
    this.capacity = capacity;
    this.#byteCapacity = capacity === 0 ? 0 : byteCapacity;
    this.#bytes = Buffer.allocUnsafeSlow(Math.min(this.#byteCapacity, FIRST_BYTES));
    this.#starts = new Float64Array(capacity);
    this.#lengths = new Int32Array(capacity);
  }

  get size(): number {
    return this.#count;
  }

  /** The most bytes the buffer ever takes. */
  get byteCapacity(): number {
    return this.#byteCapacity;
  }

  /**
   * Keeps `text` (the concatenation of its parts, written one after the other rather than joined into a
   * new string first), evicting the oldest texts to make room; false (nothing kept) if it can never fit.
   */
  push(text: string, more = '', yetMore = ''): boolean {
    const units = text.length + more.length + yetMore.length;
    if (this.capacity === 0 || units > this.#byteCapacity) return false;
    // At most 3 bytes per UTF-16 unit. When that bound fits without wrapping or evicting by bytes, so
    // does the text, wherever its exact length falls: it is measured only when the bound does not fit.
    const bound = units * 3;
    this.#grow(Math.min(bound, this.#byteCapacity));
    const room = this.#bytes.length;
    const length = this.#fitsAsIs(bound) ? bound : byteLength(text) + byteLength(more) + byteLength(yetMore);
    if (length > room) return false;
    let start = this.#written;
    // A text never wraps around the end: it starts the next lap instead.
    if ((start % room) + length > room) start += room - (start % room);
    const end = start + length;
    if (this.#count === this.capacity) this.#dropOldest();
    while (this.#count > 0 && this.#startOf(this.#oldest) < end - room) this.#dropOldest();
    const at = start % room;
    let written = this.#bytes.write(text, at, length, 'utf8');
    if (more !== '') written += this.#bytes.write(more, at + written, length - written, 'utf8');
    if (yetMore !== '') written += this.#bytes.write(yetMore, at + written, length - written, 'utf8');
    const slot = (this.#oldest + this.#count) % this.capacity;
    this.#starts[slot] = start;
    this.#lengths[slot] = written;
    this.#count++;
    this.#written = start + written;
    return true;
  }

  #grow(length: number): void {
    const size = this.#bytes.length;
    if (size >= this.#byteCapacity || this.#written + length <= size) return;
    const grown = Buffer.allocUnsafeSlow(Math.min(this.#byteCapacity, Math.max(size * 2, this.#written + length)));
    this.#bytes.copy(grown, 0, 0, this.#written);
    this.#bytes = grown;
  }

  /** Whether `length` bytes fit after the last text without wrapping or evicting any text but by count. */
  #fitsAsIs(length: number): boolean {
    const room = this.#bytes.length;
    if ((this.#written % room) + length > room) return false;
    const firstKept = this.#count === this.capacity ? 1 : 0;
    if (this.#count <= firstKept) return true;
    return this.#startOf((this.#oldest + firstKept) % this.capacity) >= this.#written + length - room;
  }

  /** The texts, oldest first. */
  texts(): string[] {
    const room = this.#bytes.length;
    const result: string[] = [];
    for (let i = 0; i < this.#count; i++) {
      const slot = (this.#oldest + i) % this.capacity;
      const at = this.#startOf(slot) % room;
      result.push(this.#bytes.toString('utf8', at, at + (this.#lengths[slot] ?? 0)));
    }
    return result;
  }

  clear(): void {
    this.#oldest = 0;
    this.#count = 0;
  }

  #startOf(slot: number): number {
    return this.#starts[slot] ?? 0;
  }

  #dropOldest(): void {
    this.#oldest = (this.#oldest + 1) % this.capacity;
    this.#count--;
  }
}

function byteLength(text: string): number {
  return text === '' ? 0 : Buffer.byteLength(text, 'utf8');
}

import { jest } from '@jest/globals';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit } from './request-body.js';

const collect = () => {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks).length };
};

describe('ByteLimit', () => {
  it('passes a body at the limit through untouched', async () => {
    const tooLarge = jest.fn();
    const { sink, bytes } = collect();
    await pipeline(Readable.from([Buffer.alloc(600), Buffer.alloc(400)]), new ByteLimit(1000, tooLarge), sink);
    expect(bytes()).toBe(1000);
    expect(tooLarge).not.toHaveBeenCalled();
  });

  it('stops passing bytes on past the limit and says so once, however the body is cut', async () => {
    const tooLarge = jest.fn();
    const { sink, bytes } = collect();
    const source = new PassThrough();
    const limit = new ByteLimit(1000, tooLarge);
    source.pipe(limit).pipe(sink);
    for (let i = 0; i < 50; i++) source.write(Buffer.alloc(100));
    source.end();
    await new Promise((resolve) => sink.on('finish', resolve));
    expect(bytes()).toBe(1000);
    expect(tooLarge).toHaveBeenCalledTimes(1);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '@/server/http/errors';

/**
 * What the one error handler makes of errors a database driver throws (issue #17): a
 * value PostgreSQL refuses is the client's 400, never a 500. The errors are the shapes pg
 * throws (a message and a SQLSTATE code), raised by a route of a real Fastify instance.
 */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/too-long', async () => {
      throw pgError('22001', 'value too long for type character varying(64)');
    });
    app.get('/out-of-range', async () => {
      throw pgError('22003', 'value "99999999999" is out of range for type integer');
    });
    app.get('/bug', async () => {
      throw pgError('42703', 'column "nope" does not exist');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 400 naming the limit when a text is longer than its column', async () => {
    const answer = await app.inject('/too-long');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'A text in the request is longer than the database allows (at most 64 characters).',
    });
  });

  it('answers 400 when a number is out of its column range', async () => {
    const answer = await app.inject('/out-of-range');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'A number in the request is out of the range the database allows.',
    );
  });

  it('keeps a 500 for what is a bug, without the driver text', async () => {
    const answer = await app.inject('/bug');
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('nope');
  });
});

import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { isLocalStore, SERVED_CONTENT_TYPES, type FileStore } from './files.ts';

const notFoundBody = { code: 'NOT_FOUND', message: 'Not Found' };

/** A key as the portal makes them: no empty part, no '..' (the store refuses those anyway). */
const saneKey = (key: string) => !key.split('/').some((part) => part === '..' || part === '' || part === '.');

/**
 * GET /files/<key>?expires=...&signature=...: a file the portal gave a signed address for
 * (docs/operations.md#files). Anything else answers 404 or 403 without saying
 * whether the file exists.
 *
 * PUT /files/<key>?expires=&type=&size=&signature=: an upload to the local store through the
 * address GenerateS3Url signed; the body must be exactly the declared type and size.
 */
export function registerFileRoute(app: FastifyInstance, deps: { files: FileStore }) {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; signature?: string } }>(
    '/files/*',
    async (request, reply) => {
      const key = request.params['*'];
      const contentType = SERVED_CONTENT_TYPES[path.extname(key).toLowerCase()];
      const { expires, signature } = request.query;
      if (!contentType || !saneKey(key)) return reply.code(404).send(notFoundBody);
      if (!expires || !signature || !deps.files.verifySignature(key, expires, signature)) {
        return reply
          .code(403)
          .send({ code: 'FORBIDDEN', message: 'This file address is not valid or has expired.' });
      }
      let data: Readable;
      try {
        data = await deps.files.getStream(key);
      } catch {
        return reply.code(404).send(notFoundBody);
      }
      const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', contentType)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .send(data);
    },
  );

  const files = deps.files;
  if (!isLocalStore(files)) return;

  // Uploads stream to disk: no body parser may buffer them, and the 1 MB body limit of the API
  // does not apply (the signed size does).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put<{
      Params: { '*': string };
      Querystring: { expires?: string; type?: string; size?: string; signature?: string };
    }>('/files/*', async (request, reply) => {
      // A refusal is answered before the whole body is read (a forged address, a full disk): the
      // connection cannot carry another request then, so it is closed after the answer and a proxy
      // (nginx's keepalive to this process) does not send the next request down it.
      reply.header('connection', 'close');
      const key = request.params['*'];
      const { expires = '', type = '', size = '', signature = '' } = request.query;
      if (!saneKey(key)) return reply.code(404).send(notFoundBody);
      if (!files.verifyUpload(key, { expires, type, size, signature })) {
        return reply.code(403).send({
          code: 'FORBIDDEN',
          message: 'This upload address is not valid or has expired. Ask for a new one.',
        });
      }
      const sentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (sentType !== type) {
        return reply.code(415).send({
          code: 'BAD_USER_INPUT',
          message: `The file must be sent as ${type}, as declared${sentType ? `, not ${sentType}` : ''}.`,
        });
      }
      const length = request.headers['content-length'];
      if (length !== undefined && length !== size) {
        return reply.code(400).send({
          code: 'BAD_USER_INPUT',
          message: `The file must be exactly ${size} bytes, as declared; ${length} were sent.`,
        });
      }
      let result;
      try {
        result = await files.receive(key, request.body as Readable, {
          contentType: type,
          size: Number(size),
        });
      } catch (error) {
        // The client went away mid-upload: nothing was kept.
        request.log.warn({ err: error }, 'upload failed');
        return reply
          .code(400)
          .send({ code: 'BAD_USER_INPUT', message: 'The upload was interrupted. Please try again.' });
      }
      if (!result.ok) {
        const code =
          result.status === 409
            ? 'CONFLICT'
            : result.status === 507
              ? 'INSUFFICIENT_STORAGE'
              : 'BAD_USER_INPUT';
        return reply.code(result.status).send({ code, message: result.message });
      }
      reply.removeHeader('connection');
      return reply.code(200).send({ code: 'OK', message: 'File uploaded' });
    });
  });
}

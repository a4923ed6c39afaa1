// The baseline of every API row: a bare Fastify "hello" in its own process, nothing registered, so a ratio to it
// says what the portal's plugins, authentication and database cost on this machine in this run.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

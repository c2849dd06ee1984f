import pg from "pg";

/**
 * LISTEN for a PostgreSQL pool: every channel a process listens on shares one connection taken from the pool for as
 * long as anything listens (a connection per channel held three of a worker's pool connections). A connection the
 * server ends (a restart, an administrator) must not end the process: notifications on every channel then stop
 * until the process starts again, and what listens has a slower way to learn of the changes (its callers poll as
 * well); the dead connection is closed when the last listener stops.
 */
export function createPgListeners(pool: pg.Pool) {
  const handlers = new Map<string, Set<() => void>>();
  let connection: Promise<pg.PoolClient> | null = null;

  const connect = () => {
    connection ??= pool.connect().then(
      (client) => {
        client.on("error", () => {});
        client.on("notification", (message) => {
          for (const onNotify of handlers.get(message.channel) ?? []) onNotify();
        });
        return client;
      },
      (error: unknown) => {
        connection = null;
        throw error;
      },
    );
    return connection;
  };

  return async function listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    // Registered before any wait, so that a listener stopping meanwhile does not give the connection back.
    const handler = () => onNotify();
    let channelHandlers = handlers.get(channel);
    const first = !channelHandlers;
    if (!channelHandlers) {
      channelHandlers = new Set();
      handlers.set(channel, channelHandlers);
    }
    channelHandlers.add(handler);
    try {
      const client = await connect();
      if (first) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await stop();
      throw error;
    }
    async function stop() {
      const current = handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      handlers.delete(channel);
      const held = connection;
      const giveBack = handlers.size === 0;
      if (giveBack) connection = null;
      const heldClient = await held?.catch(() => null);
      if (!heldClient) return;
      // Unless the channel was listened to again meanwhile (on this connection, or on a new one).
      if (!handlers.has(channel))
        await heldClient.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
      // Closed, not returned to the pool: it may hold the session's LISTENs, or have failed.
      if (giveBack) heldClient.release(true);
    }
    return stop;
  };
}

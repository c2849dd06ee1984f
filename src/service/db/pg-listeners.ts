import pg from "pg";

/** How long to wait before connecting again after the listening connection was lost, doubling up to the last. */
const RECONNECT_DELAYS_MS = [100, 200, 400, 800, 1_600, 3_200, 5_000];

/**
 * LISTEN for a PostgreSQL pool: every channel a process listens on shares one connection taken from the pool for as
 * long as anything listens (a connection per channel held three of a worker's pool connections). A connection the
 * server ends (a restart, an administrator) must not end the process: a new one is made, with backoff, listening
 * on every channel again, and every listener is then called once, for what it may have missed meanwhile. The
 * connection is closed when the last listener stops.
 */
export function createPgListeners(pool: pg.Pool) {
  const handlers = new Map<string, Set<() => void>>();
  let connection: Promise<pg.PoolClient> | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failedReconnects = 0;

  const connect = (): Promise<pg.PoolClient> => {
    if (connection) return connection;
    const connecting = pool.connect().then(
      (client) => {
        client.on("error", () => lost(connecting));
        client.on("end", () => lost(connecting));
        client.on("notification", (message) => {
          for (const onNotify of handlers.get(message.channel) ?? []) onNotify();
        });
        return client;
      },
      (error: unknown) => {
        if (connection === connecting) connection = null;
        throw error;
      },
    );
    connection = connecting;
    return connecting;
  };

  /** The listening connection ended: unless it was let go on purpose, another one takes its place. */
  const lost = (ended: Promise<pg.PoolClient>) => {
    if (connection !== ended) return;
    connection = null;
    void ended.then((client) => client.release(true)).catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    // Nothing to reconnect for, or the database is being closed.
    if (reconnectTimer || handlers.size === 0 || pool.ending) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failedReconnects, RECONNECT_DELAYS_MS.length - 1)]!;
    reconnectTimer = setTimeout(reconnect, delay);
    reconnectTimer.unref();
  };

  const reconnect = async () => {
    reconnectTimer = null;
    if (handlers.size === 0 || connection) return;
    const connecting = connect();
    try {
      const client = await connecting;
      for (const channel of handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      failedReconnects++;
      // A connection that was made and then failed is let go first; one that was never made left nothing.
      if (connection === connecting) lost(connecting);
      else scheduleReconnect();
      return;
    }
    failedReconnects = 0;
    for (const channelHandlers of handlers.values()) for (const onNotify of channelHandlers) onNotify();
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
      if (giveBack) {
        connection = null;
        if (reconnectTimer) clearTimeout(reconnectTimer);
        reconnectTimer = null;
      }
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

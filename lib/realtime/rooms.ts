/** A user's sockets, once they registered with their own id. */
export const userRoom = (userId: string) => `user:${userId}`;
export const USER_ROOM_PREFIX = "user:";

/** Every socket of one session, so revoking the session reaches all of them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

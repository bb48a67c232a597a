/** The current time; injected so tests can move it (token expiry, throttle windows). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

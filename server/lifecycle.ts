// Whether this process is stopping (SIGTERM received): /readyz then answers 503 so a balancer sends no more.
export const lifecycle = { stopping: false };

import { Registry, Histogram, Gauge, Counter } from "prom-client";
const r = new Registry();
const h = new Histogram({ name: "x_seconds", help: "x", labelNames: ["route"], registers: [r] });
h.observe({ route: "/a" }, 0.1);
console.log(await r.metrics(), r.contentType);

export * from "./companies.ts";
export * from "./users.ts";
export * from "./objects.ts";
export * from "./tasks.ts";
export * from "./files.ts";
export * from "./activity.ts";
export * from "./estimates.ts";
export * from "./shop.ts";

export { EventBus, type EventBusOptions } from './event-bus.ts';
export { applyOutboxTables } from './outbox-tables.ts';
export type { CommittedEvent, OutboxEvent, OutboxPosition } from './outbox-event.ts';
export type { BroadcastHandler } from './broadcast-tail.ts';
export type { DurableHandler } from './durable-consumer.ts';
export { documentEvent, executionEvent, fileEvent, membershipEvent, teamEvent, userEvent, userResourceEvent, readRoles } from './event-channels.ts';
export { generateEvents } from './event-names.ts';

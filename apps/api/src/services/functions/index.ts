import { createExecution, getExecution, listExecutions } from './execution-routes.ts';

export const functionsRoutes = [listExecutions, createExecution, getExecution];

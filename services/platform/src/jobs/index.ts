export { UnrecoverableError } from 'bullmq';
export { createBullMqJobQueue, type BullMqJobQueueOptions } from './bullmq-job-queue.js';
export { createInProcessJobQueue, type InProcessJobQueueOptions } from './in-process-job-queue.js';

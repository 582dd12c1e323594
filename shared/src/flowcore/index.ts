/**
 * '@lighting/shared/flowcore': the workflow's pure logic (the definition tree and its edits,
 * release validation, condition predicates, per-node field permissions, status and action codes).
 * No React, DOM or I/O: the flow designer, the task pages and the server's engine all import it,
 * so the designer's checks and the server's are one piece of code.
 */
export * from './codes';
export * from './types';
export * from './tree';
export * from './conditions';
export * from './operates';
export * from './validate';
export * from './actions';
export * from './jnpf3';
export * from './subflow';

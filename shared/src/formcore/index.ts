/**
 * '@lighting/shared/formcore': the low-code forms' pure logic (types, loading legacy JSON, rules,
 * calculate, validation of submitted data). No React, DOM or I/O: the renderer, the designer and
 * the server all import it, so the client's checks and the server's are one piece of code.
 */
export * from './types';
export * from './texts';
export * from './controls';
export * from './normalize';
export * from './fields';
export * from './rules';
export * from './calculate';
export * from './summary';
export * from './design';
export * from './options';
export * from './uploads';
export * from './submission';
export * from './list';
export * from './report';

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REQUEST_ID_HEADER } from '@atelier/kit';
import { REQUEST_ID_PATTERN } from '../constants.js';

/** Accepts a sane client `x-request-id` or makes a UUID; forwards it upstream and returns it. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.headers[REQUEST_ID_HEADER];
    const id = typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

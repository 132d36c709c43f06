import { Type } from '@fastify/type-provider-typebox';
import { PLANS } from '../../../domain/agencies/plans.js';

/** A plan as the operator API takes it. */
export const Plan = Type.Union(PLANS.map((plan) => Type.Literal(plan)));

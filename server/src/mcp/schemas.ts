// The agent tools' input and output schemas (zod, as the MCP SDK takes them). They mirror the plain types the
// harness builds (harness/report/agent-results.ts), so a structured result the server returns always validates.

import { z } from 'zod';

const score = z.number().min(0).max(1).nullable();
const standing = z.enum(['meets', 'below', 'undecided', 'nothing-to-measure']);
const scoreNames = <T extends z.ZodTypeAny>(value: T) => z.object({ PostCorr: value, PostComp: value, PreCorr: value, PreComp: value });
const clauseEvidence = z.object({ call: z.string(), clause: z.string().nullable(), line: z.number().int().nullable() });

export const pathInput = {
  path: z.string().min(1).describe('A .rs file or a folder (walked for .rs files), relative to the server’s working directory'),
};

export const pathAndFunctionInput = {
  ...pathInput,
  function: z.string().min(1).optional().describe('Only this function (qualified name, e.g. `max_of` or `Solution::two_sum`)'),
};

export const listContractsOutput = {
  files: z.array(
    z.object({
      path: z.string(),
      functions: z.array(
        z.object({
          function: z.string(),
          mode: z.enum(['exec', 'spec', 'proof']),
          line: z.number().int(),
          signature: z.string(),
          requires: z.array(z.string()),
          ensures: z.array(z.string()),
        }),
      ),
      problems: z.array(z.string()),
    }),
  ),
};

export const scoreContractOutput = {
  pairSet: z.literal('feedback'),
  threshold: z.number(),
  functions: z.array(
    z.object({
      path: z.string(),
      function: z.string(),
      status: z.enum(['scored', 'no-pairs', 'unsupported', 'error']),
      reason: z.string().nullable(),
      scores: scoreNames(score),
      standings: scoreNames(standing),
      counts: z.object({
        pairs: z.number(),
        mutants: z.number(),
        validInputs: z.number(),
        invalidInputs: z.number(),
        indeterminate: z.number(),
        indeterminatePairs: z.number(),
        solverVerdicts: z.number().optional(),
      }),
      acceptedWrongOutputs: z.array(z.object({ call: z.string(), operator: z.string(), input: z.unknown(), wrongOutput: z.unknown() })),
      rejectedPairs: z.array(clauseEvidence),
      rejectedValidInputs: z.array(
        clauseEvidence.extend({
          strongerThanNeeded: z
            .string()
            .optional()
            .describe(
              'Set for a generated input: the call with the output the code returned, which the ensures accepts (the clause is stronger than the code needs)',
            ),
        }),
      ),
      admittedInvalidInputs: z.array(
        z.object({
          call: z.string(),
          reason: z.string(),
          panics: z.boolean().describe('The code panicked on this input when pairs were generated: the requires must rule it out'),
        }),
      ),
      warnings: z.array(z.string()),
    }),
  ),
  problems: z.array(z.string()),
};

export const generatePairsOutput = {
  files: z.array(
    z.object({
      path: z.string(),
      pairsFile: z.string(),
      written: z.boolean(),
      functions: z.array(z.object({ function: z.string(), pairs: z.number(), invalid: z.number(), notRunnable: z.string().nullable() })),
    }),
  ),
};

const verification = {
  status: z.enum(['verified', 'failed', 'verus-absent']),
  score: z.number().min(0).max(1).nullable(),
  message: z.string(),
};

export const verifyOutput = {
  ...verification,
  errors: z.array(
    z.object({
      kind: z.enum(['verification', 'compile']),
      message: z.string(),
      line: z.number().int().nullable(),
      label: z.string().nullable(),
    }),
  ),
};

export const taskCompleteOutput = {
  accepted: z.boolean(),
  gate: z.string(),
  verification: z.object(verification),
  reasons: z.array(z.string()),
  notes: z.array(z.string()),
  functions: z.array(z.object({ path: z.string(), function: z.string(), meets: z.boolean(), overfit: z.boolean() })),
};

export const suggestClausesOutput = {
  pairSet: z.literal('feedback'),
  note: z.string(),
  functions: z.array(
    z.object({
      path: z.string(),
      function: z.string(),
      line: z.number().int(),
      acceptedWrongOutputs: z.number().int(),
      correctOutputs: z.number().int(),
      suggestions: z.array(
        z.object({
          clause: z.string(),
          clauses: z.array(z.string()),
          rejects: z.number().int(),
          rejectsExample: z.string(),
          summary: z.string(),
        }),
      ),
    }),
  ),
};

/**
 * Counted work of `parseModelOutput` (characters scanned, values walked). Internal, not exported
 * by the package: tests bound it by the text's length, so linear time is checked by counting
 * rather than by a clock.
 */
export const repairMeter = { steps: 0 }

import { describe, expect, it } from 'vitest';
import { findChunkCycle } from '../../scripts/vite-chunk-guard';

describe('findChunkCycle', () => {
  it('finds no cycle in chunks that import in one direction', () => {
    const imports = new Map([
      ['index.js', ['react.js', 'box.js']],
      ['page.js', ['box.js', 'charts.js']],
      ['charts.js', ['box.js', 'react.js']],
      ['box.js', ['react.js']],
      ['react.js', []],
    ]);
    expect(findChunkCycle(imports)).toBeNull();
  });

  it('names the chunks of a circle, as a vendor group cut from shared components makes', () => {
    const imports = new Map([
      ['index.js', ['react.js']],
      ['trend-chart.js', ['vendor-charts.js']],
      ['vendor-charts.js', ['react.js', 'trend-chart-body.js']],
      ['trend-chart-body.js', ['vendor-charts.js']],
      ['react.js', []],
    ]);
    expect(findChunkCycle(imports)).toEqual(['vendor-charts.js', 'trend-chart-body.js', 'vendor-charts.js']);
  });
});

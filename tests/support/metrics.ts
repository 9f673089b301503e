import type { Express } from "express";
import request from "supertest";

/** One scrape of /metrics: each sample by its name and labels, as `name{a="1",b="2"}`. */
export type Scrape = {
  status: number;
  headers: Record<string, string>;
  text: string;
  samples: Map<string, number>;
};

const sampleLine = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/;
const labelPair = /(\w+)="((?:[^"\\]|\\.)*)"/g;

function keyOf(name: string, labels: Record<string, string>): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, value]) => `${label}="${value}"`);
  return `${name}{${pairs.join(",")}}`;
}

/** Reads Prometheus's text format (the part the tests need: samples, not HELP or TYPE). */
export function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = sampleLine.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? "").matchAll(labelPair)].map((pair) => [pair[1], pair[2]]),
    );
    samples.set(keyOf(match[1] ?? "", labels), Number(match[3]));
  }
  return samples;
}

export async function scrape(app: Express, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await request(app).get("/metrics").set(headers);
  return { status: res.status, headers: res.headers, text: res.text, samples: parseMetrics(res.text) };
}

/** A sample's value; 0 when the series does not exist (yet). */
export function valueOf(
  samples: Map<string, number>,
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples.get(keyOf(name, labels)) ?? 0;
}

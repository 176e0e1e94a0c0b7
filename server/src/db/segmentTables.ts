/** Table types of migration 024_segments (issue 24: trips and stops kept while positions arrive). */

export interface SegmentsTable {
  deviceId: number;
  /** 1 trip, 2 stop (modules/segments/codec.ts) */
  kind: number;
  closedTime: number;
  closedId: number;
  startTime: number;
  endTime: number;
  data: string | Record<string, unknown>;
}

export interface SegmentHoursTable {
  deviceId: number;
  /** the UTC hour's start, epoch ms */
  hour: number;
  closedTime: number;
  closedId: number;
  data: string | Record<string, unknown>;
}

export interface SegmentProgressTable {
  /** 0: the job's watermark over position ids */
  deviceId: number;
  profile: string;
  seenId: number;
  resumeTime: number | null;
  resumeId: number | null;
  resume: string | Record<string, unknown> | null;
  state: string | Record<string, unknown> | null;
  /** migration 025: the fuel analyzer's state at the resume point (vehicles whose level gives litres) */
  resumeFuel: string | Record<string, unknown> | null;
}

export interface SegmentTables {
  segments: SegmentsTable;
  segmentHours: SegmentHoursTable;
  segmentProgress: SegmentProgressTable;
}

import { atom } from "nanostores";
import { persisted, persistedShards } from "../../lib/dash/persisted";
import type { FeatureDefinition, ShardedFeatureDefinition } from "../../lib/dash/repository";
import { parseCells, parseReviews, type Review, type ReviewCell } from "../../lib/review/review";
import { joinWorkspace } from "./workspace";

/** The user's reviews (title, documents, questions), newest first; their cells are kept apart, one record per review. */
export const reviewsFeature: FeatureDefinition<Review[]> = {
  name: "reviews",
  version: 1,
  samples: () => [],
  parse: parseReviews,
};

/** Each review's cells, saved one review at a time (marking a cell writes only its review). */
export const reviewCellsFeature: ShardedFeatureDefinition<ReviewCell[]> = {
  name: "reviewCells",
  version: 1,
  samples: () => new Map(),
  parseShard: parseCells,
};

export const $reviews = atom<Review[]>([]);
export const $reviewCells = atom<ReadonlyMap<string, ReviewCell[]>>(new Map());

export const reviewsRecords = persisted($reviews, reviewsFeature);
export const reviewCellsRecords = persistedShards($reviewCells, reviewCellsFeature);

// Reviews load with their screen, so no other screen loads their code: they join the workspace from here.
void joinWorkspace(reviewsRecords);
void joinWorkspace(reviewCellsRecords);


import { atom } from "nanostores";
import { persisted, persistedShards, type PersistedRecords } from "../../lib/dash/persisted";
import type { FeatureDefinition, ShardedFeatureDefinition } from "../../lib/dash/repository";
import { parseCells, parseReviews, type Review, type ReviewCell } from "../../lib/review/review";
import { createReviewCellsRepository, createReviewsRepository } from "../../lib/review/reviewsDb";
import { joinWorkspace } from "./workspace";

/** The user's reviews (title, documents, questions), newest first; their cells are kept apart, one record per review. */
export const reviewsFeature: FeatureDefinition<Review[]> = {
  name: "reviews",
  version: 1,
  samples: () => [],
  parse: parseReviews,
};

/** Each review's cells, every cell a record of the user's reviews database (marking a cell writes only that cell). */
export const reviewCellsFeature: ShardedFeatureDefinition<ReviewCell[]> = {
  name: "reviewCells",
  version: 1,
  samples: () => new Map(),
  parseShard: parseCells,
};

export const $reviews = atom<Review[]>([]);
export const $reviewCells = atom<ReadonlyMap<string, ReviewCell[]>>(new Map());

// In this browser both live in IndexedDB (src/lib/review/reviewsDb.ts), moved there from localStorage on first load.
export const reviewsRecords = { ...persisted($reviews, reviewsFeature), browserRepository: (options) => createReviewsRepository(reviewsFeature, options) } satisfies PersistedRecords;
export const reviewCellsRecords = {
  ...persistedShards($reviewCells, reviewCellsFeature),
  browserRepository: (options) => createReviewCellsRepository(reviewCellsFeature, options),
} satisfies PersistedRecords;

// Reviews load with their screen, so no other screen loads their code: they join the workspace from here.
void joinWorkspace(reviewsRecords);
void joinWorkspace(reviewCellsRecords);


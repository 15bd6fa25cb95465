import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { $reviews } from "../../../stores/dash/reviews";
import { readSamples } from "../../../stores/dash/uploads";
import DashIcon from "../../components/DashIcon";
import ScreenHeader from "../../components/ScreenHeader";
import NewReviewDialog from "./NewReviewDialog";
import ReviewList from "./ReviewList";
import ReviewView from "./ReviewView";

/** The id of the review open in the URL (`?review=<id>`), so a reload or a link opens it again. */
const OPEN_PARAM = "review";

/** Review: the saved reviews, newest first, and one review's grid of documents by questions. */
export default function ReviewScreen() {
  const reviews = useStore($reviews);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // Reviews pick from every document: the samples are read from here on.
  useEffect(readSamples, []);
  const openId = params.get(OPEN_PARAM);
  const open = reviews.find((r) => r.id === openId) ?? null;
  const show = (id: string | null) => setParams(id ? { [OPEN_PARAM]: id } : {});

  if (open) return <ReviewView review={open} onBack={() => show(null)} />;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader>
        <button type="button" onClick={() => setCreating(true)} className="btn-primary px-4 py-2 text-sm">
          <DashIcon name="plus" className="size-4" />
          New Review
        </button>
      </ScreenHeader>
      <p className="max-w-3xl text-sm text-muted">
        Ask the same questions of many documents at once: a row per document, a column per question, every answer a quoted clause with its page for you to check.
      </p>
      <ReviewList reviews={reviews} onOpen={show} />
      <NewReviewDialog open={creating} onClose={() => setCreating(false)} onCreated={show} />
    </div>
  );
}

import { useStore } from "@nanostores/react";
import { useState } from "react";
import { KNOWLEDGE_FILTERS, type KnowledgeItem } from "../../../lib/dash/knowledge";
import {
  $knowledgeFilter,
  $knowledgeQuery,
  $visibleKnowledge,
  setKnowledgeFilter,
  setKnowledgeQuery,
} from "../../../stores/dash/knowledge";
import { openKnowledgeInChat } from "../../../stores/dash/openInChat";
import DashIcon from "../../components/DashIcon";
import CardGrid from "../../components/CardGrid";
import FilterTabs from "../../components/FilterTabs";
import ScreenHeader from "../../components/ScreenHeader";
import SearchField from "../../components/SearchField";
import { useOpenInChat } from "../../components/useOpenInChat";
import AddKnowledgeDialog from "./AddKnowledgeDialog";
import KnowledgeCard from "./KnowledgeCard";
import KnowledgePreviewDialog from "./KnowledgePreviewDialog";

/** The knowledge base: laws, judgments and the firm's own guides, searchable, filterable, addable. */
export default function KnowledgeScreen() {
  const items = useStore($visibleKnowledge);
  const query = useStore($knowledgeQuery);
  const filter = useStore($knowledgeFilter);
  const openInChat = useOpenInChat(openKnowledgeInChat);
  const [adding, setAdding] = useState(false);
  const [previewing, setPreviewing] = useState<KnowledgeItem | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeader>
        <button type="button" onClick={() => setAdding(true)} className="btn-primary px-4 py-2 text-sm">
          <DashIcon name="plus" className="size-4" />
          Add KB Item
        </button>
      </ScreenHeader>
      <SearchField label="Search the knowledge base" placeholder="Search knowledge base..." value={query} onChange={setKnowledgeQuery} />
      <FilterTabs label="Resource type" tabs={KNOWLEDGE_FILTERS} value={filter} onChange={setKnowledgeFilter}>
        <CardGrid count={items.length} empty={{ icon: "book", title: "No resources found", hint: "Try another search or tab." }}>
          {items.map((item) => (
            <KnowledgeCard key={item.id} item={item} onOpenInChat={openInChat} onPreview={setPreviewing} />
          ))}
        </CardGrid>
      </FilterTabs>
      <AddKnowledgeDialog open={adding} onClose={() => setAdding(false)} />
      <KnowledgePreviewDialog item={previewing} onClose={() => setPreviewing(null)} onOpenInChat={openInChat} />
    </div>
  );
}

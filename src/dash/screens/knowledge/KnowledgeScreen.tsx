import ScreenHeader from "../../components/ScreenHeader";

/** The knowledge screen (being built). */
export default function KnowledgeScreen() {
  return <ScreenHeader />;
}

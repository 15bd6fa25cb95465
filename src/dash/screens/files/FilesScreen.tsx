import ScreenHeader from "../../components/ScreenHeader";

/** The files screen (being built). */
export default function FilesScreen() {
  return <ScreenHeader />;
}

import ScreenHeader from "../../components/ScreenHeader";

/** The cases screen (being built). */
export default function CasesScreen() {
  return <ScreenHeader />;
}

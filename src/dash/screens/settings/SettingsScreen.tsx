import ScreenHeader from "../../components/ScreenHeader";

/** The settings screen (being built). */
export default function SettingsScreen() {
  return <ScreenHeader />;
}

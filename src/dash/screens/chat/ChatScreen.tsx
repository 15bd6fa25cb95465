import ScreenHeader from "../../components/ScreenHeader";

/** The chat screen (being built). */
export default function ChatScreen() {
  return <ScreenHeader />;
}

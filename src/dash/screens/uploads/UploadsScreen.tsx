import ScreenHeader from "../../components/ScreenHeader";

/** The uploads screen (being built). */
export default function UploadsScreen() {
  return <ScreenHeader />;
}

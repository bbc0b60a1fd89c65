import Testing

@testable import Migration

/// `ios.enableSceneSupport: true` written into an Expo `app.json` as text, where a person would write it.
struct ExpoSceneFlagEditTests {
    static func edit(_ text: String) -> String? {
        switch ExpoSceneFlagEdit.apply(to: Array(text.utf8)) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure: return nil
        }
    }

    @Test func aConfigWithoutPluginsGetsAPluginsListAfterItsLastMember() {
        let before = "{\n  \"expo\": {\n    \"name\": \"Fable\",\n    \"slug\": \"fable\"\n  }\n}\n"
        #expect(
            Self.edit(before)
                == "{\n  \"expo\": {\n    \"name\": \"Fable\",\n    \"slug\": \"fable\",\n    \"plugins\": [[\"expo-build-properties\", {\"ios\": {\"enableSceneSupport\": true}}]]\n  }\n}\n"
        )
    }

    @Test func aPluginsListOnLinesOfItsOwnGetsTheEntryOnANewLine() {
        let before = "{\n  \"expo\": {\n    \"plugins\": [\n      \"expo-router\"\n    ]\n  }\n}\n"
        #expect(
            Self.edit(before)
                == "{\n  \"expo\": {\n    \"plugins\": [\n      \"expo-router\",\n      [\"expo-build-properties\", {\"ios\": {\"enableSceneSupport\": true}}]\n    ]\n  }\n}\n"
        )
    }

    @Test func anExistingBuildPropertiesEntryGetsTheIOSOptionsOrTheKey() {
        let withoutIOS = #"{"expo": {"plugins": [["expo-build-properties", {"android": {"minSdkVersion": 26}}]]}}"#
        #expect(
            Self.edit(withoutIOS)
                == #"{"expo": {"plugins": [["expo-build-properties", {"ios": {"enableSceneSupport": true}, "android": {"minSdkVersion": 26}}]]}}"#
        )
        let withIOS = #"{"expo": {"plugins": [["expo-build-properties", {"ios": {"deploymentTarget": "15.1"}}]]}}"#
        #expect(
            Self.edit(withIOS)
                == #"{"expo": {"plugins": [["expo-build-properties", {"ios": {"enableSceneSupport": true, "deploymentTarget": "15.1"}}]]}}"#
        )
    }

    @Test func aConfigThatIsNotPlainJSONOrAlreadySetsTheFlagIsLeftAlone() {
        #expect(Self.edit("{\"expo\": {\"name\": \"A\",}}") == nil)
        #expect(Self.edit("// comment\n{\"expo\": {}}") == nil)
        #expect(Self.edit(#"{"expo": {"plugins": [["expo-build-properties", {"ios": {"enableSceneSupport": false}}]]}}"#) == nil)
        #expect(Self.edit(#"{"expo": {"plugins": ["expo-build-properties"]}}"#) == nil)
    }
}

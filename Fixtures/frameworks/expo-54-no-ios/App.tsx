import {CameraView, useCameraPermissions} from 'expo-camera';
import * as Speech from 'expo-speech';
import React, {useState} from 'react';
import {Button, Text, View} from 'react-native';

export default function App() {
  const [permission, requestPermission] = useCameraPermissions();
  const [story, setStory] = useState<string | null>(null);
  if (!permission?.granted) {
    return <Button title="Let Fable see the drawing" onPress={requestPermission} />;
  }
  return (
    <View style={{flex: 1}}>
      <CameraView style={{flex: 1}} facing="back" />
      <Button
        title="Tell me a story"
        onPress={() => {
          const text = 'Once upon a time, a very brave crayon dragon…';
          setStory(text);
          Speech.speak(text);
        }}
      />
      {story ? <Text style={{padding: 16}}>{story}</Text> : null}
    </View>
  );
}

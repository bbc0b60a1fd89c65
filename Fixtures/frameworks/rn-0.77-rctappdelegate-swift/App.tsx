import React, {useEffect, useState} from 'react';
import {SafeAreaView, Text} from 'react-native';
import RunScreen from './src/RunScreen';

// `resumeRecording` is true when iOS relaunched the app for a location update mid-run.
export default function App({resumeRecording}: {resumeRecording: boolean}) {
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    if (resumeRecording) {
      setBanner('Recording resumed after the app was relaunched');
    }
  }, [resumeRecording]);
  return (
    <SafeAreaView style={{flex: 1}}>
      {banner ? <Text>{banner}</Text> : null}
      <RunScreen />
    </SafeAreaView>
  );
}

import React, {useState} from 'react';
import {Button, NativeModules, Text, View} from 'react-native';

const {SPRLightMeter} = NativeModules;

// Uses the screen brightness the user picked as a rough proxy for ambient light.
export default function LightCheck() {
  const [level, setLevel] = useState<number | null>(null);
  return (
    <View style={{padding: 16}}>
      <Button title="Check this spot" onPress={async () => setLevel(await SPRLightMeter.currentLevel())} />
      {level !== null ? <Text>Light level: {Math.round(level * 100)}%</Text> : null}
    </View>
  );
}

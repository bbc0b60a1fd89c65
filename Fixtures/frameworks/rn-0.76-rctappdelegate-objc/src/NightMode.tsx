import React, {useState} from 'react';
import {Button, NativeModules, Text, View} from 'react-native';

const {TDPBacklight} = NativeModules;

// Uses the screen brightness the user picked as a rough proxy for ambient light.
export default function NightMode() {
  const [level, setLevel] = useState<number | null>(null);
  return (
    <View style={{padding: 16}}>
      <Button title="Check this spot" onPress={async () => setLevel(await TDPBacklight.currentLevel())} />
      {level !== null ? <Text>Backlight: {Math.round(level * 100)}%</Text> : null}
    </View>
  );
}
